// What the rest of the server may use of the shop; everything else in this folder is the module's
// own (eslint.config.js: imports from outside come here; app.ts may also import routes.ts).

export { BasketCache } from './basket/basket-cache.ts';
export { basketCachePlugin } from './basket/basket-cache-plugin.ts';
export { clearBasket, priceBasket } from './basket/basket-pricing.ts';
export {
  createCoupon,
  createProduct,
  deactivateCoupon,
  deactivateProduct,
  listCoupons,
  listProducts,
  updateCoupon,
  updateProduct,
  type CouponCreateInput,
  type CouponRecord,
  type ProductRecord,
} from './catalogue/admin-service.ts';
export { alreadyOwnedRefusal, ownedReportTypes, reportTypesOf } from './catalogue/catalogue-service.ts';
export { confirmCouponRedemption, releaseCouponRedemption, reserveCouponRedemption } from './coupons/coupons.ts';
