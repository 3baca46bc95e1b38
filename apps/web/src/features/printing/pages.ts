import type { PageMap } from '../../shared/navigation/pages';

/** 打印机 (门店管理) by its menu `component` name: its own lazily loaded chunk, behind store:printer:index. */
export const printingPages: PageMap = {
  'views/store/printer/index': { load: () => import('./PrintersPage'), permission: 'store:printer:index' },
};
