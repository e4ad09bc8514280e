import { connect, mapReadPretty } from '@formily/react';
import { Cascader } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRuntime } from '../render/RuntimeProvider';
import { AREA_ROOT, DEFAULT_AREA_DEPTH } from './area/areaTree';
import { createAreaSource, type AreaPath, type AreaSource } from './area/areaSource';
import { useFieldText } from './useFieldText';

export interface AreaPickerProps {
  /** the code of the last level chosen (a city, or a district with depth 3) */
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** 1 province, 2 city (default), 3 district */
  depth?: 1 | 2 | 3;
  disabled?: boolean;
  placeholder?: string;
}

interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}

function useAreaSource(): AreaSource {
  const { http } = useRuntime();
  return useMemo(() => createAreaSource(http), [http]);
}

/** The stored code's path and names from the server; undefined while they are read. */
function useAreaPath(source: AreaSource, value: string | undefined): AreaPath | undefined {
  const [read, setRead] = useState<{ value: string; path: AreaPath }>();
  useEffect(() => {
    if (!value) return;
    const controller = new AbortController();
    source.path(value, controller.signal).then(
      (path) => !controller.signal.aborted && setRead({ value, path }),
      () => !controller.signal.aborted && setRead({ value, path: { codes: [], names: [] } }),
    );
    return () => controller.abort();
  }, [source, value]);
  return read && read.value === value ? read.path : undefined;
}

const toOptions = (nodes: { value: string; label: string; isLeaf: boolean }[], level: number, depth: number): AreaOption[] =>
  nodes.map((node) => ({ value: node.value, label: node.label, isLeaf: node.isLeaf || level >= depth }));

function AreaCascader({ value, onChange, depth = DEFAULT_AREA_DEPTH, disabled, placeholder }: AreaPickerProps) {
  const t = useFieldText();
  const source = useAreaSource();
  const [options, setOptions] = useState<AreaOption[]>();
  useEffect(() => {
    const controller = new AbortController();
    source.children(AREA_ROOT, controller.signal).then(
      (nodes) => !controller.signal.aborted && setOptions(toOptions(nodes, 1, depth)),
      () => !controller.signal.aborted && setOptions([]),
    );
    return () => controller.abort();
  }, [source, depth]);
  const stored = useAreaPath(source, value);
  const path = value ? (stored?.codes.length ? stored.codes : [value]) : [];

  // a level is read when its parent is opened; the options tree is copied so the Cascader sees the change
  const loadData = (selected: AreaOption[]) => {
    const target = selected[selected.length - 1];
    if (!target || target.children) return;
    void source.children(target.value).then(
      (nodes) => {
        target.children = toOptions(nodes, selected.length + 1, depth);
        if (target.children.length === 0) target.isLeaf = true;
        setOptions((current) => (current ? [...current] : current));
      },
      () => undefined,
    );
  };

  return (
    <Cascader
      options={options ?? []}
      value={path}
      loading={options === undefined}
      loadData={loadData}
      disabled={disabled}
      showSearch
      changeOnSelect={false}
      placeholder={placeholder ?? t('area.placeholder')}
      // a stored path whose levels are not read yet shows the names the server gave for it
      displayRender={(labels) => labels.map((label, index) => (stored?.codes[index] === label ? (stored.names[index] ?? label) : label)).join(' / ')}
      onChange={(codes) => onChange?.(codes && codes.length > 0 ? String(codes[codes.length - 1]) : undefined)}
    />
  );
}

function AreaView({ value }: Pick<AreaPickerProps, 'value'>) {
  const source = useAreaSource();
  const path = useAreaPath(source, value);
  return <span>{value ? (path ? (path.names.length > 0 ? path.names.join('/') : value) : '') : ''}</span>;
}

/**
 * Province / city / district under root 86, read from /api/system/Area a level at a time (enabled areas
 * only), so the areas an administrator adds, edits or disables reach it; stores the last code chosen.
 */
export const AreaPicker = connect(AreaCascader, mapReadPretty(AreaView));
