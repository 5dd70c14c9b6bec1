import { type MarketApiError, type Schema, unwrap } from '@marketkit/sdk';
import { useCallback, useMemo } from 'react';
import { sortDevices } from '../core/index.ts';
import { asMarketCall, useMarketQuery } from './market-query.ts';
import { useMarket } from './provider.tsx';
import { useSession } from './use-session.ts';

/** What `useDevices()` returns. */
export interface UseDevicesResult {
  /** The devices with a session, this one first (`is_current`), then the most recently active. */
  devices: Schema<'Device'>[];
  /** The devices' first read is under way. */
  isLoading: boolean;
  /** Why the devices could not be read, else null. */
  error: MarketApiError | null;
  /** Asks for the devices again. */
  reload: () => void;
  /**
   * Signs a device out (every session of it; it loses its trusted status). Signing out this device
   * ends the local session too, as a sign-out does.
   */
  signOutDevice(deviceId: string): Promise<void>;
  /** Signs out every other session of the account (`scope: others`); resolves with how many ended. */
  signOutOtherDevices(): Promise<number>;
  /**
   * Signs out every session, this one included (`scope: all`), then ends the local session as a
   * sign-out does (the app then goes to its home page). Resolves with how many sessions ended.
   */
  signOutEverywhere(): Promise<number>;
}

/** The devices signed in to the shopper's account, with sign-out of one, the others, or all (ums devices). */
export function useDevices(): UseDevicesResult {
  const market = useMarket();
  const session = useSession();
  const key = market.keys.devices();
  const query = useMarketQuery({
    queryKey: key,
    queryFn: () => unwrap(market.client.GET('/ums/rest/v3/devices')),
    select: (page) => sortDevices(page.data),
    enabled: session.status === 'signed-in',
  });
  const devices = useMemo(() => query.data ?? [], [query.data]);

  const signOutDevice = useCallback(
    (deviceId: string) =>
      asMarketCall(async () => {
        const current = devices.find((device) => device.device_id === deviceId)?.is_current === true;
        await unwrap(
          market.client.DELETE('/ums/rest/v3/devices/{deviceId}', { params: { path: { deviceId } } }),
        );
        if (current) market.endSession();
        else await market.queryClient.invalidateQueries({ queryKey: key });
      }),
    [market, key, devices],
  );
  const signOutOtherDevices = useCallback(
    () =>
      asMarketCall(async () => {
        const result = await unwrap(market.client.POST('/ums/rest/v3/logout', { body: { scope: 'others' } }));
        await market.queryClient.invalidateQueries({ queryKey: key });
        return result.revoked_sessions;
      }),
    [market, key],
  );
  const signOutEverywhere = useCallback(
    () =>
      asMarketCall(async () => {
        const result = await unwrap(market.client.POST('/ums/rest/v3/logout', { body: { scope: 'all' } }));
        market.endSession();
        return result.revoked_sessions;
      }),
    [market],
  );

  const { refetch } = query;
  return {
    devices,
    isLoading: query.isLoading,
    error: query.error,
    reload: () => void refetch(),
    signOutDevice,
    signOutOtherDevices,
    signOutEverywhere,
  };
}
