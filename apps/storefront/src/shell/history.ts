import { type NavigationType, useLocation, useNavigationType } from 'react-router';

/** The current history entry's key, and whether it was reached by Back/Forward (`POP`) or a link. */
export function useHistoryEntry(): { key: string; type: `${NavigationType}` } {
  const { key } = useLocation();
  return { key, type: useNavigationType() };
}
