// Shard 1 of the route fuzz (./routes.fuzz.ts): every third route of the table, from the first.
import { fuzzRoutes } from './routes.fuzz';

fuzzRoutes(0);
