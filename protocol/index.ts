export * from './methods';
export * from './rawp';
export * from './refs';
export * from './hashline';
export * from './astedit';
export * from './rules';
export * from './rulesContext';
export * from './launch';
