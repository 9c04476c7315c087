import { uploadsSuite } from './uploads.suite';

uploadsSuite('pglite', true);
