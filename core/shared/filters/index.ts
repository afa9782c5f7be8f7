export * from './model';
export * from './codec';
export * from './viz';
export * from './apply';
