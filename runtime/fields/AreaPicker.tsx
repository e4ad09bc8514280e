import { connect, mapReadPretty } from '@formily/react';
import { Cascader } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { areaLabel, areaOptions, areaPath, DEFAULT_AREA_DEPTH, type AreaData } from './area/areaTree';
import { loadAreaData } from './area/loadAreaData';
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

function useAreaData(): AreaData | undefined {
  const [data, setData] = useState<AreaData>();
  useEffect(() => {
    let alive = true;
    void loadAreaData().then((loaded) => alive && setData(loaded));
    return () => {
      alive = false;
    };
  }, []);
  return data;
}

function AreaCascader({ value, onChange, depth = DEFAULT_AREA_DEPTH, disabled, placeholder }: AreaPickerProps) {
  const t = useFieldText();
  const data = useAreaData();
  const options = useMemo(() => (data ? areaOptions(data, depth) : []), [data, depth]);
  const path = data && value ? areaPath(data, value) : [];
  return (
    <Cascader
      options={options}
      value={path}
      loading={!data}
      disabled={disabled}
      showSearch
      changeOnSelect={false}
      placeholder={placeholder ?? t('area.placeholder')}
      onChange={(codes) => onChange?.(codes && codes.length > 0 ? String(codes[codes.length - 1]) : undefined)}
    />
  );
}

function AreaView({ value }: Pick<AreaPickerProps, 'value'>) {
  const data = useAreaData();
  return <span>{value ? (data ? areaLabel(data, value) || value : '') : ''}</span>;
}

/** Province / city / district under root 86 (china-area-data, lazily loaded); stores the last code chosen. */
export const AreaPicker = connect(AreaCascader, mapReadPretty(AreaView));
