export * from './methods';
export * from './rawp';
