import { Outlet } from 'react-router';
import { Guard } from './guards.tsx';

/** The layout of every signed-in route: guests go to /signin, and come back after. */
export default function SignedInOnly() {
  return (
    <Guard access="signed-in">
      <Outlet />
    </Guard>
  );
}
