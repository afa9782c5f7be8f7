export * from './dimensions';
export * from './coreDimensions';
export * from './model';
export * from './codec';
export * from './viz';
export * from './apply';
