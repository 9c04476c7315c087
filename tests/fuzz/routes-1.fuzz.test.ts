// Shard 2 of the route fuzz (./routes.fuzz.ts): every third route of the table, from the second.
import { fuzzRoutes } from './routes.fuzz';

fuzzRoutes(1);
