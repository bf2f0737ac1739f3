// Imported first by each entry point, so an older Node stops here before anything else loads.
import { requireSupportedNode } from './version.ts';

requireSupportedNode();
