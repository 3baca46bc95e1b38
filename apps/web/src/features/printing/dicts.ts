import { PRINT_JOB_STATUSES, PRINT_JOB_TICKETS, PRINT_TRIGGERS, PRINTER_BRANDS, PRINTER_STATUSES, KITCHEN_SPLITS, TICKET_KINDS, type PrinterStatus, type PrintJobStatus } from '@canteen/contract';
import type { Dict } from '../../shared/resource';

/** Tag colours of a printer's status. */
export const STATUS_COLORS: Record<PrinterStatus, string> = { unknown: 'default', online: 'green', offline: 'red', no_paper: 'orange' };
/** Tag colours of a print job's status. */
export const JOB_STATUS_COLORS: Record<PrintJobStatus, string> = { pending: 'gold', sending: 'blue', sent: 'green', failed: 'red' };

export const BRANDS: Dict = PRINTER_BRANDS.map((value) => ({ value, label: `printing.brands.${value}`, color: value === 'feie' ? 'geekblue' : 'cyan' }));
export const PAPERS: Dict = [{ value: '58', label: '58mm' }, { value: '80', label: '80mm' }];
export const TICKETS: Dict = TICKET_KINDS.map((value) => ({ value, label: `printing.ticketKinds.${value}` }));
export const JOB_TICKETS: Dict = PRINT_JOB_TICKETS.map((value) => ({ value, label: `printing.ticketKinds.${value}` }));
export const SPLITS: Dict = KITCHEN_SPLITS.map((value) => ({ value, label: `printing.splits.${value}` }));
export const TRIGGERS: Dict = PRINT_TRIGGERS.map((value) => ({ value, label: `printing.triggers.${value}` }));
export const STATUSES: Dict = PRINTER_STATUSES.map((value) => ({ value, label: `printing.statuses.${value}`, color: STATUS_COLORS[value] }));
export const JOB_STATUSES: Dict = PRINT_JOB_STATUSES.map((value) => ({ value, label: `printing.jobStatuses.${value}`, color: JOB_STATUS_COLORS[value] }));
