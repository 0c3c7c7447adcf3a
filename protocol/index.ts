export * from './methods';
export * from './rawp';
export * from './refs';
export * from './hashline';
