// Legal and content pages: /terms-of-service, /privacy-policy, /dmca, /2257, /content-removal, /faq,
// /contact-us (text + form), /like-the-website (text + form, when switched on), /subscription-video,
// /service-stopped and custom pages at /:path. The text is the creator's, cleaned on the server and again here
// (no inline script: the CSP stays strict). A page edit reaches open pages live (SETTINGS_UPDATED).
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router-dom';
import { isSameSitePath } from '../../../domain/redirect-url/redirect-url';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { api, ApiError } from '../api';
import { useAuth } from '../auth';
import { useInvalidateOn } from '../realtime';

const SETTINGS_NEWS = ['SETTINGS_UPDATED'] as const;
import { sanitizeHtml } from '../sanitize';
import { FormError, SubmitButton, toApiError, useForm } from '../components/FormKit';
import { PageLoader } from '../components/StatusViews';
import NotFoundPage from '../components/NotFoundPage';

interface PageData { slug: string; title: string; html: string }

/** A page's text, read again when the creator changes settings; null while loading, 'missing' when it cannot be had. */
function usePage(slug: string): PageData | null | 'missing' {
  const key = ['pages', slug] as const;
  const query = useQuery({ queryKey: key, queryFn: async ({ signal }) => (await api.get<PageData>('/api/pages/get_html', { slug }, signal)).data });
  useInvalidateOn(SETTINGS_NEWS, key);
  const page = query.data ?? (query.isError ? 'missing' : null);
  useEffect(() => {
    if (page && page !== 'missing') document.title = page.title;
  }, [page]);
  return page;
}

function PageFrame({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Box sx={{ maxWidth: 820, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }} data-testid={testId}>
      {children}
    </Box>
  );
}

function PageHtml({ html }: { html: string }) {
  return (
    <Box
      data-testid="page-html"
      sx={{ lineHeight: 1.7, '& h1, & h2': { fontSize: { xs: 24, sm: 30 }, mt: 0, mb: 2 }, '& h3': { fontSize: 18, mt: 3, mb: 1 }, '& a': { color: 'primary.main' }, '& img': { maxWidth: '100%', height: 'auto' }, overflowWrap: 'anywhere' }}
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}

/** A built-in or custom page by slug; 404 when it does not exist or is unpublished. */
export function ContentPage({ slug, after }: { slug: string; after?: ReactNode }) {
  const page = usePage(slug);
  if (page === null) return <PageLoader />;
  if (page === 'missing') return <NotFoundPage />;
  return (
    <PageFrame testId={`content-page-${slug}`}>
      <PageHtml html={page.html} />
      {after}
    </PageFrame>
  );
}

/**
 * The catch-all single segment (/:path): a redirect URL the creator made (console → Redirect
 * URLs), else a custom page, else the 404 page. A redirect is followed only to a path of this site
 * (the server allows nothing else; checked again here) and at most a few hops (a → b → a is a 404, not a loop).
 */
export function CatchAllPage() {
  const { path = '' } = useParams();
  const location = useLocation();
  const hops = (location.state as { redirectHops?: number } | null)?.redirectHops ?? 0;
  const valid = /^[a-z0-9-]{1,60}$/.test(path);
  const redirect = useQuery({
    queryKey: ['redirect-url', path],
    queryFn: async ({ signal }) => (await api.get<{ target: string | null }>('/api/redirect-url', { path }, signal)).data.target ?? null,
    enabled: valid,
  });
  // No redirect (or none could be read): the path may be a custom page.
  const target = redirect.isError ? null : redirect.data;
  if (!valid) return <NotFoundPage />;
  if (target === undefined) return <PageLoader />;
  if (target !== null && isSameSitePath(target)) {
    if (hops >= 3) return <NotFoundPage />;
    return <Navigate to={target} replace state={{ redirectHops: hops + 1 }} />;
  }
  return <ContentPage key={path} slug={path} />;
}

type ContactField = 'name' | 'email' | 'subject' | 'message';

function ContactForm({ kind }: { kind: 'contact' | 'feedback' }) {
  const { me } = useAuth();
  const form = useForm<ContactField>({ name: me?.name ?? '', email: me?.email ?? '', subject: '', message: '' }, `contact-${kind}`);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = form.values;
    const errs = {
      name: v.name.trim() ? undefined : 'Please enter your name.',
      email: !v.email.trim() ? 'Please enter an email.' : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim()) ? undefined : 'Please enter a valid email.',
      subject: kind === 'contact' && !v.subject.trim() ? 'Please enter a subject.' : undefined,
      message: v.message.trim() ? undefined : 'Please enter a message.',
    };
    if (!form.check(errs)) return;
    setBusy(true);
    setError(null);
    try {
      const r = await api.post<{ _id: string }>(kind === 'contact' ? '/api/contact-us' : '/api/like-the-website', v);
      setSent(r.message ?? 'Thank you! Your message has been sent.');
      form.setValues((x) => ({ ...x, subject: '', message: '' }));
    } catch (err) {
      const apiErr = toApiError(err);
      if (apiErr.field && apiErr.field in form.values) form.check({ [apiErr.field]: apiErr.message } as Record<ContactField, string>);
      else setError(apiErr);
    } finally {
      setBusy(false);
    }
  };
  if (sent) {
    return (
      <Alert severity="success" sx={{ mt: 3 }} data-testid="contact-sent" action={<Button color="inherit" size="small" onClick={() => setSent(null)}>Send another</Button>}>
        {sent}
      </Alert>
    );
  }
  return (
    <Paper component="form" noValidate onSubmit={submit} variant="outlined" sx={{ mt: 3, p: { xs: 2, sm: 3 }, display: 'grid', gap: 1 }} data-testid={`contact-form-${kind}`}>
      <FormError error={error} />
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="Name" autoComplete="name" {...form.bind('name')} required />
        <TextField label="Email" type="email" autoComplete="email" {...form.bind('email')} required />
      </Box>
      <TextField label={kind === 'contact' ? 'Subject' : 'Subject (optional)'} {...form.bind('subject')} required={kind === 'contact'} />
      <TextField label={kind === 'contact' ? 'Message' : 'What do you like?'} multiline minRows={5} {...form.bind('message')} required />
      <Box>
        <SubmitButton busy={busy} testId={`contact-submit-${kind}`}>{kind === 'contact' ? 'Send message' : 'Send feedback'}</SubmitButton>
      </Box>
    </Paper>
  );
}

export function ContactUsPage() {
  const { settings } = useAuth();
  const formOn = settings?.shell?.contact_us_form_enabled ?? true;
  return <ContentPage slug="contact-us" after={formOn ? <ContactForm kind="contact" /> : null} />;
}

export function LikeTheWebsitePage() {
  const { settings } = useAuth();
  if (settings && !settings.shell?.show_like_the_website_form) return <NotFoundPage />;
  return <ContentPage slug="like-the-website" after={<ContactForm kind="feedback" />} />;
}

/** /subscription-video (contents not in the spec): the creator's membership pitch with the way to join. */
export function SubscriptionVideoPage() {
  const { token } = useAuth();
  return (
    <ContentPage
      slug="subscription-video"
      after={
        <Button component={RouterLink} to={token ? '/membership' : '/join'} variant="contained" size="large" sx={{ mt: 3 }} data-testid="subscription-video-join">
          Become a member
        </Button>
      }
    />
  );
}

export function ServiceStoppedPage() {
  return <ContentPage slug="service-stopped" />;
}
