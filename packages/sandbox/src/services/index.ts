import type { ContractHandlers } from '../core/handler-types.ts';
import { cfsHandlers } from './cfs.ts';
import { checkoutHandlers } from './checkout.ts';
import { dmMlHandlers } from './dm-ml.ts';
import { ofsHandlers } from './ofs.ts';
import { pbsHandlers } from './pbs.ts';
import { sosHandlers } from './sos.ts';
import { umsHandlers } from './ums.ts';

/** Every operation of the contract. Typed as the full map: an operation without a handler fails to compile. */
export const contractHandlers: ContractHandlers = {
  ...pbsHandlers,
  ...umsHandlers,
  ...cfsHandlers,
  ...ofsHandlers,
  ...sosHandlers,
  ...dmMlHandlers,
  ...checkoutHandlers,
};
