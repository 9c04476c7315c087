// /admin/settings/aws-settings and /admin/settings/redis-cache: shown read-only, because they
// come from the environment. Storage credentials stay there by design: a secret in an event would be in the log,
// its backups and every replay for ever, and the storage must be reachable before any event can be read. Secret
// values are never sent to the console, only whether they are set.
import CloudOutlinedIcon from '@mui/icons-material/CloudOutlined';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import { Alert, Stack, Typography } from '@mui/material';
import { PageGuard } from '../promotions/PageGuard';
import { AWS_SETTINGS_PAGE, REDIS_CACHE_PAGE } from './paths';
import { ConfigCard, ConfigColumn, ErrorAlert, Fact, FactGrid, LoadingCard, SourceChip, useApiData } from './parts';

interface Storage {
  source: 'environment';
  storage: 's3' | 'local';
  bucket: string | null;
  endpoint: string | null;
  region: string | null;
  force_path_style: boolean | null;
  credentials: 'set' | 'default chain' | null;
  max_upload_mb: number;
}
interface Cache {
  source: 'environment';
  kind: 'in-process';
  enabled: boolean;
  variable: string;
  nodes: string;
}

const Env = ({ children }: { children: string }) => <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', px: 0.5, borderRadius: 0.5, bgcolor: 'action.hover' }}>{children}</Typography>;

export function StorageSettingsPage() {
  const { data, error } = useApiData<Storage>('/api/settings/aws-settings');
  return (
    <PageGuard page={AWS_SETTINGS_PAGE} title="Storage">
      <ConfigColumn testId="aws-settings">
        <ErrorAlert error={error} />
        <ConfigCard icon={<CloudOutlinedIcon />} title="Media storage" subtitle="Where uploaded photos and videos are kept." action={<SourceChip source="environment" />}>
          {!data ? <LoadingCard /> : (
            <Stack spacing={2}>
              <FactGrid>
                <Fact label="Storage" value={data.storage === 's3' ? 'S3 bucket' : 'This server\'s disk (data folder)'} testId="aws-storage" />
                {data.storage === 's3' ? (
                  <>
                    <Fact label="Bucket (S3_BUCKET)" value={data.bucket} testId="aws-bucket" />
                    <Fact label="Endpoint (S3_ENDPOINT)" value={data.endpoint ?? 'AWS'} />
                    <Fact label="Region (S3_REGION)" value={data.region} />
                    <Fact label="Path-style requests" value={data.force_path_style ? 'yes' : 'no'} />
                    <Fact label="Credentials" value={data.credentials === 'set' ? 'set (hidden)' : 'the AWS default chain'} testId="aws-credentials" />
                  </>
                ) : null}
                <Fact label="Largest upload" value={`${data.max_upload_mb} MB`} help="FANCLUB_MAX_UPLOAD_MB" />
              </FactGrid>
              <Alert severity="info" variant="outlined" data-testid="aws-explanation">
                These come from the server's environment (<Env>S3_BUCKET</Env>, <Env>S3_ENDPOINT</Env>, <Env>S3_REGION</Env>, <Env>S3_ACCESS_KEY_ID</Env>, <Env>S3_SECRET_ACCESS_KEY</Env>) and are read when it starts. They are not editable here on purpose: storage keys saved from the console would end up in the event log and its backups, and the server needs its storage before it can read any setting. Change them where the server is configured and restart it. Secret values are never shown.
              </Alert>
            </Stack>
          )}
        </ConfigCard>
      </ConfigColumn>
    </PageGuard>
  );
}

export function CacheSettingsPage() {
  const { data, error } = useApiData<Cache>('/api/settings/redis-cache-setting');
  return (
    <PageGuard page={REDIS_CACHE_PAGE} title="Cache">
      <ConfigColumn testId="redis-cache">
        <ErrorAlert error={error} />
        <ConfigCard icon={<BoltOutlinedIcon />} title="Read cache" subtitle="Keeps sessions and the shared part of feed pages in memory." action={<SourceChip source="environment" />}>
          {!data ? <LoadingCard /> : (
            <Stack spacing={2}>
              <FactGrid>
                <Fact label="Cache" value={data.enabled ? 'On' : 'Off'} testId="cache-enabled" help={data.variable} />
                <Fact label="Kind" value="In the server's memory" />
                <Fact label="API nodes" value={data.nodes} />
              </FactGrid>
              <Alert severity="info" variant="outlined" data-testid="cache-explanation">
                This site needs no Redis: each server keeps a small cache in its own memory, valid only while the read models are unchanged (a few seconds at most; every change moves them on), so it can never show stale data after a write. Several nodes each keep their own. Turn it off with <Env>FANCLUB_READ_CACHE=false</Env> in the server's environment and restart.
              </Alert>
            </Stack>
          )}
        </ConfigCard>
      </ConfigColumn>
    </PageGuard>
  );
}
