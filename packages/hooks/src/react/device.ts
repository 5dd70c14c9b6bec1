import { deviceName, isDeviceId } from '../core/device.ts';
import { randomHex } from '../store/random.ts';
import type { MarketContextValue } from './provider.tsx';

const DEVICE_KEY = 'marketkit_device_id';

/**
 * This browser's device id (kept in storage, so a trusted device stays trusted) and a readable name.
 * Sent with every sign-in so the services host can tell devices apart and skip verification on a
 * trusted one.
 */
export function deviceIdentity(market: Pick<MarketContextValue, 'state'>) {
  const storage = market.state.storage;
  let id = storage.get(DEVICE_KEY);
  if (!isDeviceId(id)) {
    id = `web-${randomHex(12)}`;
    storage.set(DEVICE_KEY, id);
  }
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return { device_id: id, device_name: deviceName(agent) };
}
