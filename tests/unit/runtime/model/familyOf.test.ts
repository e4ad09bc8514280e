import { describe, expect, it } from 'vitest';
import { familyOf } from '../../../../runtime/model/familyOf';

describe('familyOf: the path decides the envelope', () => {
  it.each([
    ['/api/permission/Position', 'api'],
    ['/api/permission/Position/1?_t=1', 'api'],
    ['/api?currentPage=1', 'api'],
    ['http://lab.example/api/file/chunk', 'api'],
    ['/sys/login', 'jeecg'],
    ['/system/model/system.position', 'jeecg'],
    ['/admin/certificatePersonal/select', 'jeecg'],
    ['/apiary/list', 'jeecg'],
  ])('%s → %s', (url, family) => {
    expect(familyOf(url)).toBe(family);
  });
});
