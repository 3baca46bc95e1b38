import { z } from 'zod';

/** Sort list: comma-separated snake_case column names (checked against a per-resource whitelist). */
const sortList = z
  .string()
  .max(200)
  .regex(/^[a-z][a-z0-9_]*(,[a-z][a-z0-9_]*)*$/, '排序字段格式不正确')
  .optional();

export const pageQuerySchema = z.object({
  current: z.coerce.number().int().min(1, '页码必须从1开始').default(1),
  size: z.coerce.number().int().min(1, '每页条数至少为1').max(1000, '每页条数不能超过1000').default(10),
  ascs: sortList,
  descs: sortList,
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export const pageSchema = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
  });
