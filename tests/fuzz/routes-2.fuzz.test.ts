// Shard 3 of the route fuzz (./routes.fuzz.ts): every third route of the table, from the third.
import { fuzzRoutes } from './routes.fuzz';

fuzzRoutes(2);
