import { defineServerPlugin } from '@core/server/plugin/contract';
import { manifest } from '../manifest';
import { migrations } from './migrations';
import { registerRoutes } from './routes';

export default defineServerPlugin({ manifest, migrations, routes: registerRoutes });
