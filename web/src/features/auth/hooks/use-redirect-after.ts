import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Goes to `to` after `ms` while `active` (spec section 9: 3 seconds after verification or a reset). */
export function useRedirectAfter(active: boolean, to: string, ms: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => navigate(to, { replace: true }), ms);
    return () => clearTimeout(timer);
  }, [active, to, ms, navigate]);
}
