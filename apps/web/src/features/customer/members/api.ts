import { useQuery } from '@tanstack/react-query';
import { memberEndpoints, memberLevelEndpoints } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { LEVELS_KEY, MEMBERS_KEY } from '../queryKeys';

/** The member levels, lowest rank first (the level filter, the editor's picker, the 会员等级 tab). */
export const useLevels = () =>
  useQuery({
    queryKey: [LEVELS_KEY, 'list'],
    queryFn: async () => [...(await call(memberLevelEndpoints.list, {}))].sort((a, b) => a.rank - b.rank),
  });

/** One member in full (the full phone, balances, level). */
export const memberKey = (id: string) => [MEMBERS_KEY, 'detail', id] as const;
export const useMember = (id: string | undefined) =>
  useQuery({
    queryKey: memberKey(id ?? ''),
    queryFn: () => call(memberEndpoints.get, { params: { id: id! } }),
    enabled: id !== undefined,
  });
