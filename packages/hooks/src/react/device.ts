import { deviceName, isDeviceId } from '../core/device.ts';
import { randomHex } from '../store/random.ts';
import type { MarketContextValue } from './provider.tsx';

const DEVICE_KEY = 'marketkit_device_id';

type DeviceMarket = Pick<MarketContextValue, 'state'>;

/**
 * The device id a sign-in sends, and a readable name, without keeping a new id: the stored one, or a
 * new one to keep (`keepDeviceId`) only once the services host has taken the credentials, so a
 * refused sign-in stores nothing.
 */
export function proposedDeviceIdentity(market: DeviceMarket) {
  const stored = market.state.storage.get(DEVICE_KEY);
  const id = isDeviceId(stored) ? stored : `web-${randomHex(12)}`;
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return { device_id: id, device_name: deviceName(agent) };
}

/** Keeps `id` as this browser's device id (a no-op when it is the one kept). */
export function keepDeviceId(market: DeviceMarket, id: string) {
  if (market.state.storage.get(DEVICE_KEY) !== id) market.state.storage.set(DEVICE_KEY, id);
}

/**
 * This browser's device id (kept in storage, so a trusted device stays trusted) and a readable name.
 * Sent with every sign-in so the services host can tell devices apart and skip verification on a
 * trusted one.
 */
export function deviceIdentity(market: Pick<MarketContextValue, 'state'>) {
  const identity = proposedDeviceIdentity(market);
  keepDeviceId(market, identity.device_id);
  return identity;
}
