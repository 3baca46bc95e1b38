import type { PageMap } from '../../shared/navigation/pages';

/** The store-side pages (门店管理) by menu `component` name, each its own lazily loaded chunk, with the code needed to see it. */
export const storePages: PageMap = {
  'views/store/shop/index': { load: () => import('./shop/ShopPage'), permission: 'store:shop:index' },
  'views/store/category/index': { load: () => import('./categories/CategoriesPage'), permission: 'store:category:index' },
  'views/store/spec/index': { load: () => import('./specs/SpecsPage'), permission: 'store:spec:index' },
  'views/store/table/index': { load: () => import('./tables/TablesPage'), permission: 'store:table:index' },
  'views/store/dish/index': { load: () => import('./dishes/DishesPage'), permission: 'store:dish:index' },
  'views/store/combo/index': { load: () => import('./combos/CombosPage'), permission: 'store:combo:index' },
};
