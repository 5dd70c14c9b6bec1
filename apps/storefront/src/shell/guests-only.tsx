import { Outlet } from 'react-router';
import type { RouteHandle } from '../i18n/namespaces.ts';
import { Guard } from './guards.tsx';

/** Sign-in and sign-up: no header and footer, no assistant. */
export const handle: RouteHandle = { bare: true, noAssistant: true };

/** The layout of the guest routes: a signed-in shopper goes to /. */
export default function GuestsOnly() {
  return (
    <Guard access="guest">
      <Outlet />
    </Guard>
  );
}
