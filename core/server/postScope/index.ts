export * from './contract';
export { createPostScope } from './service';
export { CONVERSATION_NOT_FOUND, scopeRunSql } from './runScope';
export { scopeFilterColumns, providedDimensions } from './filterEngine';
