import { useQuery } from '@tanstack/react-query';
import { settingsEndpoints } from '@canteen/contract';
import { call } from '../http/call';

/** The runtime settings (`GET /settings/public`), read once and kept a few minutes: no rebuild to change them. */
export const usePublicSettings = () =>
  useQuery({ queryKey: ['settings', 'public'], queryFn: () => call(settingsEndpoints.public, {}), staleTime: 5 * 60_000 });
