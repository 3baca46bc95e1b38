import { useEffect, useState } from 'react';
import { Button, Form, InputNumber, Modal, Space, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '../../../shared/settings/public-settings';
import './messages';

/** The maps service whose location picker and static maps are used (the messaging pages' one). */
export const MAP_ORIGIN = 'https://apis.map.qq.com';

const pickerUrl = (key: string) => `${MAP_ORIGIN}/tools/locpicker?${new URLSearchParams({ search: '1', type: '1', key, referer: 'canteen' }).toString()}`;

const staticMapUrl = (lat: number, lng: number, key: string) =>
  `${MAP_ORIGIN}/ws/staticmap/v2/?${new URLSearchParams({ center: `${lat},${lng}`, zoom: '15', size: '300*160', markers: `${lat},${lng}`, key }).toString()}`;

/** What the maps service's location picker posts to its parent window. */
interface PickedLocation {
  module: 'locationPicker';
  latlng: { lat: number; lng: number };
  poiaddress?: string;
  poiname?: string;
  cityname?: string;
}

const isPicked = (data: unknown): data is PickedLocation =>
  typeof data === 'object' && data !== null && (data as PickedLocation).module === 'locationPicker' &&
  typeof (data as PickedLocation).latlng?.lat === 'number' && typeof (data as PickedLocation).latlng.lng === 'number';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Latitude and longitude: number inputs, and with a maps key configured (`mapKey` of the public
 * settings) a map pick that fills both (and the address and region when still empty) plus a
 * static map of the chosen point.
 */
export function LocationField({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  // '' means no map service.
  const mapKey = usePublicSettings().data?.mapKey ?? '';
  const [picking, setPicking] = useState(false);
  const latitude = Form.useWatch('latitude', form) as number | null | undefined;
  const longitude = Form.useWatch('longitude', form) as number | null | undefined;

  useEffect(() => {
    if (!picking) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== MAP_ORIGIN || !isPicked(event.data)) return;
      const { latlng, poiaddress, poiname, cityname } = event.data;
      form.setFieldsValue({ latitude: round6(latlng.lat), longitude: round6(latlng.lng) });
      if (!form.getFieldValue('address') && (poiaddress || poiname)) form.setFieldValue('address', poiaddress || poiname);
      if (!form.getFieldValue('region') && cityname) form.setFieldValue('region', cityname);
      void form.validateFields(['latitude', 'longitude']).catch(() => undefined);
      setPicking(false);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [picking, form]);

  const both = (other: 'latitude' | 'longitude') => ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_rule: unknown, value: number | null | undefined) => {
      const theOther = getFieldValue(other);
      if ((value == null) !== (theOther == null)) throw new Error(t('storeShop.v.bothCoords'));
    },
  });

  return (
    <>
      <Space wrap align="start">
        <Form.Item name="latitude" style={{ marginBottom: 0 }} dependencies={['longitude']}
          rules={[{ type: 'number', min: -90, max: 90, message: t('storeShop.v.latitude') }, both('longitude')]}>
          <InputNumber aria-label={t('storeShop.latitude')} placeholder={t('storeShop.latitude')} disabled={disabled} precision={6} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="longitude" style={{ marginBottom: 0 }} dependencies={['latitude']}
          rules={[{ type: 'number', min: -180, max: 180, message: t('storeShop.v.longitude') }, both('latitude')]}>
          <InputNumber aria-label={t('storeShop.longitude')} placeholder={t('storeShop.longitude')} disabled={disabled} precision={6} style={{ width: 160 }} />
        </Form.Item>
        {mapKey ? (
          <Button icon={<EnvironmentOutlined />} disabled={disabled} onClick={() => setPicking(true)} data-testid="map-pick">
            {t('storeShop.mapPick')}
          </Button>
        ) : (
          <Typography.Text type="secondary" style={{ lineHeight: '32px' }}>{t('storeShop.mapHint')}</Typography.Text>
        )}
      </Space>
      {mapKey && latitude != null && longitude != null && (
        <img src={staticMapUrl(latitude, longitude, mapKey)} width={300} height={160} alt={t('storeShop.location')} style={{ display: 'block', marginTop: 8 }} data-testid="static-map" />
      )}
      {mapKey && picking && (
        <Modal open title={t('storeShop.mapTitle')} footer={null} width={820} onCancel={() => setPicking(false)} destroyOnHidden>
          <iframe title={t('storeShop.mapTitle')} src={pickerUrl(mapKey)} style={{ width: '100%', height: 560, border: 0 }} data-testid="map-picker" />
        </Modal>
      )}
    </>
  );
}
