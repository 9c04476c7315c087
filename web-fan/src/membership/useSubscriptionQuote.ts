// The price /subscribe shows (POST /api/v2/subscription/quote), read again when the coupon, the tier, the bundle or
// the fan changes. A subscription link the server refuses is dropped with its reason as a notice; a coupon that
// stopped applying turns invalid (and the price without it is read).
import { useCallback, useEffect, useState } from 'react';
import type { SubscriptionQuoteView } from '../../../domain/subscription/wire';
import { ApiError, api, errorMessage } from '../api';
import type { CouponFieldState } from '../promotions/CouponField';
import { isLinkRefusal } from './subscriptionLink';

export function useSubscriptionQuote({
  couponCode,
  setCoupon,
  offer,
  dropOffer,
  fanId,
  tierId = null,
  bundleMonths = null,
}: {
  couponCode: string | null;
  setCoupon: (coupon: CouponFieldState) => void;
  /** A subscription link's offer (/join?offer=…): its price replaces the rest once the server checked it. */
  offer: string | null;
  dropOffer: () => void;
  fanId: string | undefined;
  /** The tier and bundle chosen on the plan picker (null: the base tier, monthly). */
  tierId?: string | null;
  bundleMonths?: number | null;
}) {
  const [quote, setQuote] = useState<SubscriptionQuoteView | null>(null);
  const [quoteError, setQuoteError] = useState('');
  const [notice, setNotice] = useState('');

  const loadQuote = useCallback(
    async (code: string | null, signal?: { cancelled: boolean }) => {
      setQuoteError('');
      try {
        // A bundle takes no coupon or link (the server refuses the mix): it is priced alone.
        const plan = { ...(tierId ? { tier_id: tierId } : {}), ...(bundleMonths ? { bundle_months: bundleMonths } : {}) };
        const { data } = await api.post<SubscriptionQuoteView>(
          '/api/v2/subscription/quote',
          bundleMonths ? plan : { coupon_code: code, ...(offer ? { subscription_link: offer } : {}), ...plan },
        );
        if (!signal?.cancelled) setQuote(data);
      } catch (err) {
        if (signal?.cancelled) return;
        // A changed, expired or used link: say so and show the price without it.
        if (offer && err instanceof ApiError && isLinkRefusal(err.code)) {
          setNotice(err.message);
          dropOffer();
          return;
        }
        // A coupon that stopped applying: back to the price without it.
        if (code && !bundleMonths && err instanceof ApiError && err.status < 500) {
          setCoupon({ status: 'invalid', code, message: err.message, errorCode: err.code });
          return;
        }
        setQuoteError(errorMessage(err));
      }
    },
    [offer, dropOffer, setCoupon, tierId, bundleMonths],
  );

  useEffect(() => {
    const signal = { cancelled: false };
    void loadQuote(couponCode, signal);
    return () => {
      signal.cancelled = true;
    };
  }, [couponCode, loadQuote, fanId]);

  return { quote, quoteError, notice, setNotice, loadQuote };
}
