import { createElement } from 'react';
import type { LucideIcon } from 'lucide-react';
import {
  Activity, AppWindow, Award, BellRing, Calculator, ChartColumn, ChartLine, ChartPie, ChevronsUpDown, Code, Columns3,
  Crown, EyeOff, GalleryHorizontal, GalleryHorizontalEnd, Image, LayoutDashboard, LayoutGrid, LayoutTemplate, Lock, Mail,
  MailPlus, Megaphone, MessageCircle, MousePointerClick, MoveVertical, Palette, PanelsTopLeft, Presentation, Quote,
  RectangleHorizontal, Recycle, Rss, Settings, Share2, Shirt, Sparkles, SquareCode, SquareDashed, SquareMousePointer,
  SquarePlay, Star, Store, Tag, Tags, Trophy, Type, UserRoundPlus,
} from 'lucide-react';

/**
 * The palette's icons, keyed by the lucide name each block schema gives in `x-block.icon`. Imported one by one so
 * the builder ships only these; a test keeps every schema's icon in this list.
 */
export const BLOCK_ICONS: Readonly<Record<string, LucideIcon>> = {
  activity: Activity,
  'app-window': AppWindow,
  award: Award,
  'bell-ring': BellRing,
  calculator: Calculator,
  'chart-column': ChartColumn,
  'chart-line': ChartLine,
  'chart-pie': ChartPie,
  'chevrons-up-down': ChevronsUpDown,
  code: Code,
  'columns-3': Columns3,
  crown: Crown,
  'eye-off': EyeOff,
  'gallery-horizontal': GalleryHorizontal,
  'gallery-horizontal-end': GalleryHorizontalEnd,
  image: Image,
  'layout-dashboard': LayoutDashboard,
  'layout-grid': LayoutGrid,
  'layout-template': LayoutTemplate,
  lock: Lock,
  mail: Mail,
  'mail-plus': MailPlus,
  megaphone: Megaphone,
  'message-circle': MessageCircle,
  'mouse-pointer-click': MousePointerClick,
  'move-vertical': MoveVertical,
  palette: Palette,
  'panels-top-left': PanelsTopLeft,
  presentation: Presentation,
  quote: Quote,
  'rectangle-horizontal': RectangleHorizontal,
  recycle: Recycle,
  rss: Rss,
  settings: Settings,
  'share-2': Share2,
  shirt: Shirt,
  sparkles: Sparkles,
  'square-code': SquareCode,
  'square-dashed': SquareDashed,
  'square-mouse-pointer': SquareMousePointer,
  'square-play': SquarePlay,
  star: Star,
  store: Store,
  tag: Tag,
  tags: Tags,
  trophy: Trophy,
  type: Type,
  'user-round-plus': UserRoundPlus,
};

/** A block type's palette icon; a schema naming an unknown icon still shows a neutral square. */
export const blockIcon = (name: string | undefined): LucideIcon => (name && BLOCK_ICONS[name]) || SquareDashed;

/** A block type's icon, drawn at the palette's size. */
export function BlockTypeIcon({ name, size = 18 }: { name: string | undefined; size?: number }) {
  return createElement(blockIcon(name), { size, strokeWidth: 1.8, 'aria-hidden': true });
}
