import { orderPrintEndpoints, printerEndpoints } from '@canteen/contract';

/** Query key prefix of the printers (the list, the alert's count, the job log's printer filter). */
export const PRINTERS_KEY = printerEndpoints.create.path;
/** Query key prefix of the print job log. */
export const JOBS_KEY = printerEndpoints.jobs.path;
/** Query key prefix of the order drawer's 打印记录. */
export const ORDER_PRINTS_KEY = orderPrintEndpoints.jobs.path;
/** The printers of a store as the alert and the job filter read them. */
export const storePrintersKey = (storeId: string | null) => [PRINTERS_KEY, 'store', storeId] as const;
