import { Alert, Button, Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../app/AppServices';
import { useCurrentLanguage } from '../../i18n/useCurrentLanguage';
import { useSession } from '../../session/useSession';
import { greetingKey } from './greetingKey';
import type { HomeFigures } from './homeFiguresTypes';

const FigureChart = lazy(() => import('./FigureChart'));

export const HOME_FIGURES_URL = '/sys/home/figures';

/**
 * /dashboard/analysis: the greeting of the hour (spec 000 §9) and the figures the server counts for this
 * user — records per module they may list, and what was added this week — drawn with ECharts.
 */
export function HomePage() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const { http } = useAppServices();
  const { userInfo } = useSession();
  const [figures, setFigures] = useState<HomeFigures | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) => {
      setError(null);
      // not silent: a 401 or an expired session here must sign out like anywhere else (spec 000 §8)
      http
        .get<HomeFigures>(HOME_FIGURES_URL, undefined, { signal })
        .then(({ data }) => setFigures(data))
        .catch(() => !signal?.aborted && setError(t('home.loadFailed')));
    },
    [http, t],
  );
  // titles come in the request's language: load again after a switch
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load, lang]);

  const greeting = t(`home.greeting.${greetingKey(new Date().getHours())}`);
  const name = userInfo?.realname || userInfo?.username || '';

  return (
    <div>
      <Card style={{ marginBottom: 16 }}>
        <h2 style={{ margin: 0, fontSize: 20, fontWeight: 500 }}>{t('home.welcome', { greeting, name, product: t('product.name') })}</h2>
      </Card>
      {error && (
        <Alert
          type="error"
          showIcon
          message={error}
          action={
            <Button size="small" onClick={() => load()}>
              {t('home.retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {!figures && !error && <Skeleton active />}
      {figures && <FigurePanels figures={figures} />}
    </div>
  );
}

function FigurePanels({ figures }: { figures: HomeFigures }) {
  const { t } = useTranslation();
  const { modules, days } = figures;
  const weekly = modules.filter((m) => m.week !== null);
  const totalsOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 24, bottom: 32, containLabel: true },
      xAxis: { type: 'category', data: modules.map((m) => m.title), axisLabel: { interval: 0, overflow: 'truncate', width: 80 } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', name: t('home.records'), data: modules.map((m) => m.total), barMaxWidth: 40 }],
    }),
    [modules, t],
  );
  const weekOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { type: 'scroll', bottom: 0 },
      grid: { left: 48, right: 16, top: 24, bottom: 48, containLabel: true },
      xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: weekly.map((m) => ({ type: 'line', name: m.title, data: m.week, smooth: true })),
    }),
    [weekly, days],
  );

  if (modules.length === 0) return <Empty description={t('home.noFigures')} />;
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {modules.map((m) => (
          <Col key={m.modelId} xs={24} sm={12} md={8} xl={6}>
            <Card size="small">
              <Statistic title={m.title} value={m.total} suffix={t('home.recordsUnit')} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('home.records')} size="small">
            <Suspense fallback={<Skeleton active />}>
              <FigureChart option={totalsOption} label={t('home.records')} />
            </Suspense>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('home.week')} size="small">
            <Suspense fallback={<Skeleton active />}>
              <FigureChart option={weekOption} label={t('home.week')} />
            </Suspense>
          </Card>
        </Col>
      </Row>
    </>
  );
}
