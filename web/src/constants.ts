// The company's facts in one place (docs/product.md, "Name and company constants"). Placeholders for now.
export const PRODUCT_NAME = 'Fracture';
export const SUPPORT_EMAIL = 'support@fracture.example';
export const LEGAL_ENTITY = 'Fracture Labs, Inc.';
// The canonical origin lives with the host fields, where the reports' share links use it too.
export { SITE_ORIGIN } from '../../lib/engine/shared/mode-tables.ts';
export const GOVERNING_LAW = 'the State of Delaware';
export const PRO_PRICE_USD = '$14.99';
export const PRO_PRICE_GBP = '£11.99';
export const MAX_FILE_BYTES = 200 * 1024 * 1024;
// The consent key lives with the stored consent text, in plain JavaScript the Node benchmarks share.
export { COOKIE_STORAGE_KEY } from './site/consent/storage.mjs';
export const ANALYTICS_RETENTION_MONTHS = 26;
export const MINIMUM_AGE = 13;
export const REFUND_DAYS = 30;
