// The atlas chunk: every staff screen, loaded only when an /atlas/ route is visited (see routes.tsx).
export { AtlasLayout } from './AtlasLayout';
export { PermissionsScreen } from './PermissionsScreen';
export { OutboxScreen } from './OutboxScreen';
export { UsersScreen } from './UsersScreen';
export { OrdersScreen } from './OrdersScreen';
export { OrderScreen } from './OrderScreen';
export { ProductionScreen } from './ProductionScreen';
export { PickingScreen } from './PickingScreen';
export { ChatScreen } from './ChatScreen';
export { QuotesScreen } from './QuotesScreen';
export { QuoteScreen } from './QuoteScreen';
