import { ORDER_COUNT_CAP } from '@canteen/contract';

/** A count as shown: the server stops counting at ORDER_COUNT_CAP, so that one reads "2000+". */
export const atLeast = (n: number): string => (n >= ORDER_COUNT_CAP ? `${ORDER_COUNT_CAP}+` : String(n));
