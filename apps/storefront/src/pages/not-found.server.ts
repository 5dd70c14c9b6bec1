import { data } from 'react-router';
import type { RouteData } from '../app/route-data.ts';

/** Any other path: the page says so, with the status that says so. */
export async function loader() {
  return data<RouteData>({ dehydrated: null }, { status: 404 });
}
