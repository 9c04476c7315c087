// One receipt: the merchant, the amount, what it was for, when, its status, how it was paid, who was billed, the
// receipt number and the provider's reference (a refund names the payment it returns); Print and Download.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import PrintRounded from '@mui/icons-material/PrintRounded';
import { formatMoney } from '../../../domain/shared/money';
import { receiptText, statusLabel, type PaymentReceiptView } from '../../../domain/payment/history';
import { fullDate } from '../format';
import { download } from './download';
import { isMoneyBack } from './PaymentRow';

function ReceiptLine({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'right', overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

export function ReceiptDetails({ receipt }: { receipt: PaymentReceiptView }) {
  const p = receipt.payment;
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, mb: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            Receipt
          </Typography>
          <Typography variant="h6" component="h1" sx={{ overflowWrap: 'anywhere' }} data-testid="receipt-merchant">
            {receipt.merchant.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {receipt.merchant.url}
          </Typography>
        </Box>
        <Typography variant="h5" sx={{ fontWeight: 700, flexShrink: 0 }} data-testid="receipt-amount">
          {formatMoney(p.amount_cents)}
        </Typography>
      </Box>
      <Divider sx={{ my: 1 }} />
      <ReceiptLine label="Item" value={p.label} testId="receipt-item" />
      <ReceiptLine label="Date" value={fullDate(p.created_at)} />
      <ReceiptLine label="Status" value={statusLabel(p)} testId="receipt-status" />
      <ReceiptLine label="Paid with" value={p.paid_with} />
      <ReceiptLine label="Billed to" value={`${receipt.customer.name} · ${receipt.customer.email}`} />
      <ReceiptLine label="Receipt number" value={p.id} />
      {p.gateway_transaction_id && <ReceiptLine label="Provider reference" value={p.gateway_transaction_id} />}
      {isMoneyBack(p) && p.reference_id && <ReceiptLine label="For payment" value={p.reference_id} />}
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }} data-print-hide>
        <Button variant="contained" startIcon={<PrintRounded />} onClick={() => window.print()} data-testid="receipt-print">
          Print
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadRounded />}
          onClick={() => download(`receipt-${p.id}.txt`, 'text/plain;charset=utf-8', receiptText(receipt))}
          data-testid="receipt-download"
        >
          Download
        </Button>
      </Box>
    </>
  );
}
