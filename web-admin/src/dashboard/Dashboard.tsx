import { type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Skeleton, Typography } from '@mui/material';
import PaidIcon from '@mui/icons-material/Paid';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import GroupsIcon from '@mui/icons-material/Groups';
import ForumIcon from '@mui/icons-material/Forum';
import { Title, useDataProvider, useGetIdentity, usePermissions } from 'react-admin';
import { resourcesFor, seesDashboard } from '../access';
import type { ConsoleDataProvider } from '../dataProvider';
import { money } from '../format';
import { EarningsChart } from './EarningsChart';
import { SourceBreakdown } from './SourceBreakdown';
import { MailNotice } from './MailNotice';
import { HomeWarnings } from './HomeWarnings';
import { SetupPrompt } from './SetupPrompt';
import { HomeLists } from './HomeLists';
import { changeVsYesterday } from '../../../domain/console/home';
import { GoLiveHomeCard } from '../live';
import { Suspense } from 'react';
import { useLiveQuery, useQueryClient } from '../query';
import { useDebounced, useFansOnlineCount, useFrame, useLiveState } from '../realtime';

/** A burst of payments (UPDATE_USER_AMOUNT spentChanged) is one re-read of the counters, this long after the last. */
const COUNTERS_DEBOUNCE_MS = 1000;

export function Dashboard() {
  const { permissions, isPending } = usePermissions();
  if (isPending) return <Title title="Dashboard" />;
  return seesDashboard(permissions) ? <MoneyDashboard /> : <Welcome role={permissions} />;
}

function Welcome({ role }: { role: unknown }) {
  const { identity } = useGetIdentity();
  const hasAny = resourcesFor(role).length > 0;
  return (
    <Box sx={{ mt: 2 }} data-testid="welcome">
      <Title title="Welcome" />
      <MailNotice spaced />
      {/* GO LIVE NOW on the home shell (for the publishers). */}
      <Suspense fallback={null}>
        <GoLiveHomeCard />
      </Suspense>
      <Card>
        <CardContent>
          <Typography variant="h5" component="h2" gutterBottom>
            Welcome{identity?.fullName ? `, ${identity.fullName}` : ''}
          </Typography>
          <Typography color="text.secondary">
            {hasAny
              ? 'Use the menu to get to the tools your role can use.'
              : 'There is nothing in the staff console for your role yet.'}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}

const DASHBOARD_KEY = ['dashboard'] as const;
const HOME_KEY = ['home'] as const;
/** Frames after which the Home is read again: a fan wrote or was read, money moved, a setting changed. */
const HOME_FRAMES = ['UPDATE_USER_LAST_MESSAGE', 'SETTINGS_UPDATED'] as const;

function MoneyDashboard() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const client = useQueryClient();
  const query = useLiveQuery(DASHBOARD_KEY, () => dataProvider.getDashboard());
  const homeQuery = useLiveQuery(HOME_KEY, () => dataProvider.getHome(), { frames: HOME_FRAMES, keepPrevious: true });
  const home = homeQuery.data ?? null;
  const reloadHome = () => void client.invalidateQueries({ queryKey: HOME_KEY });

  // Money moved (a payment captured or reversed): the counters are read again quietly, keeping what is shown.
  const staleSoon = useDebounced(() => {
    void client.invalidateQueries({ queryKey: DASHBOARD_KEY });
    reloadHome();
  }, COUNTERS_DEBOUNCE_MS);
  useFrame<{ spentChanged?: boolean }>('UPDATE_USER_AMOUNT', data => data.spentChanged && staleSoon());

  const data = query.data ?? null;
  const loading = query.isPending;
  // A quiet re-read that fails keeps the counters shown; only a page without them says so.
  const failed = query.isError && !data ? (query.error as Error)?.message || 'Something went wrong' : null;
  const series = data?.earnings_30d ?? [];
  const empty = !!data && series.every(d => !d.cents);

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }} data-testid="dashboard">
      <Title title="Home" />
      {home?.setup ? <SetupPrompt setup={home.setup} /> : null}
      {home ? <HomeWarnings checks={home.checks} onChanged={reloadHome} /> : null}
      <Suspense fallback={null}>
        <GoLiveHomeCard />
      </Suspense>
      <FansOnline />
      {failed ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          {failed}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        <StatCard
          testId="stat-today-earnings"
          icon={<PaidIcon />}
          label="Today's earnings"
          loading={loading}
          value={data ? money(data.today_earnings_cents) : '—'}
          note={home ? vsYesterday(home.today_earnings_cents, home.yesterday_earnings_cents) : undefined}
        />
        <StatCard testId="stat-new-subscribers" icon={<PersonAddIcon />} label="New subscribers today" loading={loading} value={data ? String(data.new_subscribers_today) : '—'} />
        <StatCard testId="stat-active-subscribers" icon={<GroupsIcon />} label="Active subscribers" loading={loading} value={data ? String(data.active_subscribers) : '—'} />
        <StatCard
          testId="stat-unread-chats"
          icon={<ForumIcon />}
          label="Unread chats"
          loading={!home}
          value={home ? String(home.unread_chats) : '—'}
          note={home && home.unread_messages ? `${home.unread_messages} message${home.unread_messages === 1 ? '' : 's'}` : undefined}
        />
      </Box>
      <Card>
        <CardHeader
          title="Earnings, last 30 days"
          subheader={data ? `${money(series.reduce((s, d) => s + d.cents, 0))} in total` : undefined}
          slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        />
        <CardContent sx={{ pt: 0 }}>
          {loading ? (
            <Skeleton variant="rounded" height={240} data-testid="chart-loading" />
          ) : empty || !data ? (
            <Box
              data-testid="chart-empty"
              sx={{ height: 160, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}
            >
              {data ? 'No earnings in the last 30 days yet.' : 'Earnings are not available right now.'}
            </Box>
          ) : (
            <EarningsChart data={series} />
          )}
        </CardContent>
      </Card>
      <HomeLists data={home} />
      {data?.earnings_by_source_30d && !empty && (
        <Card>
          <CardHeader title="By source, last 30 days" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <CardContent sx={{ pt: 0 }}>
            <SourceBreakdown data={data.earnings_by_source_30d} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}

/** Fans with the site open right now (presence frames), once the live connection is up. */
function FansOnline() {
  const count = useFansOnlineCount();
  if (useLiveState() !== 'live') return null;
  return (
    <Box>
      <Chip
        size="small"
        variant="outlined"
        data-testid="dashboard-fans-online"
        icon={<Box component="span" sx={{ width: 8, height: 8, borderRadius: 4, bgcolor: count ? 'success.main' : 'text.disabled', ml: 1 }} />}
        label={count === 1 ? '1 fan online now' : `${count} fans online now`}
      />
    </Box>
  );
}

/** "+25% vs yesterday", or what yesterday was when there is no percentage to give. */
function vsYesterday(today: number, yesterday: number): string {
  const change = changeVsYesterday(today, yesterday);
  return change ? `${change} vs yesterday` : `Yesterday ${money(yesterday)}`;
}

function StatCard({ icon, label, value, loading, testId, note }: { icon: ReactNode; label: string; value: string; loading: boolean; testId: string; note?: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}>
        <Box sx={{ color: 'primary.main', display: { xs: 'none', sm: 'flex' }, pt: 0.5 }} aria-hidden>
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.3 }}>
            {label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600, mt: 0.5 }}>
            {loading ? <Skeleton width={80} /> : value}
          </Typography>
          {note ? (
            <Typography variant="caption" color="text.secondary" data-testid={`${testId}-note`}>
              {note}
            </Typography>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}
