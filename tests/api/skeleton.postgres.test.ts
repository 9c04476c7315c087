import { skeletonSuite } from './skeleton.suite';
import { requirePostgresServer } from '../support/postgres';

skeletonSuite('postgres', await requirePostgresServer());
