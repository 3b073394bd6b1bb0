export * from './common.ts';
export * from './problems.ts';
export * from './resources.ts';
export * from './requests.ts';
