import { installApi } from './transport.ts';

/** The contract calls, over whichever transport this renderer runs on. */
export const api = installApi();
