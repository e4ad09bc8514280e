import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../app/AppServices';

/** Spec 000 §2 fullscreen toggle; where the browser has none, the warning 'fullscreen not supported'. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const { feedback } = useAppServices();
  const [full, setFull] = useState(() => document.fullscreenElement !== null);

  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled || typeof document.documentElement.requestFullscreen !== 'function') {
      feedback.toast('warning', t('header.fullscreenUnsupported'));
      return;
    }
    const change = full ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    void change.catch(() => feedback.toast('warning', t('header.fullscreenUnsupported')));
  };

  const label = t(full ? 'header.exitFullscreen' : 'header.fullscreen');
  return (
    <Tooltip title={label}>
      <Button type="text" aria-label={label} icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggle} />
    </Tooltip>
  );
}
