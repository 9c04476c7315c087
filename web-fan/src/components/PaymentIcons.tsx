// Payment-card icons (driven by settings). Simple badges drawn here, 38 × 24, readable on light and
// dark backgrounds alike.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { PaymentIconBrand } from '../../../domain/settings/landing';

const LABELS: Record<PaymentIconBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners_club: 'Diners Club',
  maestro: 'Maestro',
};

const word = (text: string, fill: string, size = 9, italic = false) => (
  <text x="19" y="15.5" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontWeight="700" fontSize={size} fontStyle={italic ? 'italic' : 'normal'} fill={fill}>
    {text}
  </text>
);

const BADGES: Record<PaymentIconBrand, { bg: string; art: ReactNode }> = {
  visa: { bg: '#ffffff', art: word('VISA', '#1a1f71', 11, true) },
  mastercard: {
    bg: '#ffffff',
    art: (
      <>
        <circle cx="15" cy="12" r="7" fill="#eb001b" />
        <circle cx="23" cy="12" r="7" fill="#f79e1b" />
        <path d="M19 6.3a7 7 0 0 1 0 11.4 7 7 0 0 1 0-11.4Z" fill="#ff5f00" />
      </>
    ),
  },
  amex: { bg: '#2e77bc', art: word('AMEX', '#ffffff', 10) },
  discover: {
    bg: '#ffffff',
    art: (
      <>
        <text x="4" y="15" fontFamily="Arial, Helvetica, sans-serif" fontWeight="700" fontSize="6.6" fill="#231f20">
          DISC
        </text>
        <circle cx="22.6" cy="12.6" r="2.9" fill="#f48120" />
        <text x="26" y="15" fontFamily="Arial, Helvetica, sans-serif" fontWeight="700" fontSize="6.6" fill="#231f20">
          VER
        </text>
      </>
    ),
  },
  jcb: {
    bg: '#ffffff',
    art: (
      <>
        <rect x="7" y="5" width="8" height="14" rx="2" fill="#0e4c96" />
        <rect x="15" y="5" width="8" height="14" rx="2" fill="#e21836" />
        <rect x="23" y="5" width="8" height="14" rx="2" fill="#007940" />
        <text x="19" y="15" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontWeight="700" fontSize="7" fill="#ffffff">
          JCB
        </text>
      </>
    ),
  },
  diners_club: {
    bg: '#ffffff',
    art: (
      <>
        <circle cx="19" cy="12" r="7.5" fill="#0079be" />
        <circle cx="16.5" cy="12" r="4" fill="#ffffff" />
        <circle cx="21.5" cy="12" r="4" fill="#ffffff" />
      </>
    ),
  },
  maestro: {
    bg: '#ffffff',
    art: (
      <>
        <circle cx="15" cy="12" r="7" fill="#0099df" />
        <circle cx="23" cy="12" r="7" fill="#eb001b" />
        <path d="M19 6.3a7 7 0 0 1 0 11.4 7 7 0 0 1 0-11.4Z" fill="#6c6bbd" />
      </>
    ),
  },
};

export function PaymentIcons({ brands, justify = 'center', testId = 'payment-icons' }: { brands: PaymentIconBrand[] | null | undefined; justify?: 'center' | 'flex-start'; testId?: string }) {
  if (!brands || brands.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={`Cards we accept: ${brands.map((b) => LABELS[b]).join(', ')}`}
      data-testid={testId}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75, justifyContent: justify }}
    >
      {brands.map((b) => (
        <Box component="li" key={b} data-testid={`payment-icon-${b}`} sx={{ lineHeight: 0 }}>
          <svg width="38" height="24" viewBox="0 0 38 24" role="img" aria-label={LABELS[b]}>
            <title>{LABELS[b]}</title>
            <rect x="0.5" y="0.5" width="37" height="23" rx="4" fill={BADGES[b].bg} stroke="rgba(0,0,0,0.18)" />
            {BADGES[b].art}
          </svg>
        </Box>
      ))}
    </Box>
  );
}
