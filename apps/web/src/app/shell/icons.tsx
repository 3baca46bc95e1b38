import {
  ApartmentOutlined, AppstoreOutlined, BarChartOutlined, CoffeeOutlined, CommentOutlined, CreditCardOutlined, FileTextOutlined, FireOutlined, GiftOutlined,
  HomeOutlined, IdcardOutlined, KeyOutlined, LayoutOutlined, LineChartOutlined, LinkOutlined, MenuOutlined, MessageOutlined, MobileOutlined, PictureOutlined,
  PrinterOutlined, ProfileOutlined, SettingOutlined, ShopOutlined, SoundOutlined, TableOutlined, TagOutlined, TagsOutlined, TeamOutlined, UnorderedListOutlined,
  UserOutlined, WechatOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** The icons menu entries may name (antd names as the menu seed uses them); others fall back to a generic one. */
const icons: Record<string, ComponentType> = {
  ApartmentOutlined, AppstoreOutlined, BarChartOutlined, CoffeeOutlined, CommentOutlined, CreditCardOutlined, FileTextOutlined, FireOutlined, GiftOutlined,
  HomeOutlined, IdcardOutlined, KeyOutlined, LayoutOutlined, LineChartOutlined, LinkOutlined, MenuOutlined, MessageOutlined, MobileOutlined, PictureOutlined,
  PrinterOutlined, ProfileOutlined, SettingOutlined, ShopOutlined, SoundOutlined, TableOutlined, TagOutlined, TagsOutlined, TeamOutlined, UnorderedListOutlined,
  UserOutlined, WechatOutlined,
};

export function MenuIcon({ name, external }: { name?: string | null; external?: boolean }) {
  const Icon = (name && icons[name]) || (external ? LinkOutlined : AppstoreOutlined);
  return <Icon />;
}
