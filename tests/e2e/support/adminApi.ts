import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './e2eEnv';

/** An administrator's session outside the browser: it sets up users, departments and announcements for a test. */
export async function adminApi(request: APIRequestContext) {
  const login = await request.post('/sys/login', { data: { username: 'admin', password: E2E_ADMIN_PASSWORD } });
  const token = (await login.json()).result.token as string;
  const headers = { 'X-Access-Token': token };
  const call = async (method: 'get' | 'post' | 'put' | 'delete', url: string, data?: unknown, asToken = token) => {
    const res = await request[method](url, { headers: { 'X-Access-Token': asToken }, ...(data === undefined ? {} : { data }) });
    const body = await res.json();
    expect(body.code === 200 || body.success === true, `${url}: ${JSON.stringify(body)}`).toBe(true);
    return body.data ?? body.result;
  };
  return {
    call,
    /**
     * A plain user who sees the 系统管理 menu (its role holds that menu and 岗位管理 only) and has replaced
     * the first password an administrator chose, so the browser signs in straight to the menu choice.
     */
    async createReader(username: string, password: string): Promise<string> {
      const user = await call('post', '/api/permission/Users', { username, realname: `读者${username.slice(-4)}`, password: `${password}x1` });
      await this.grantReaderRole(user.id as string, username);
      await this.choosePassword(username, `${password}x1`, password);
      return user.id as string;
    },
    /** A role holding the 系统管理 menu and 岗位管理 only, given to the user: enough to sign in to a menu. */
    async grantReaderRole(userId: string, username: string): Promise<void> {
      const role = await call('post', '/api/permission/Role', {
        roleName: `公告读者${username.slice(-4)}`,
        roleCode: `reader.${username.slice(-6)}`,
        status: 1,
      });
      await call('post', '/api/permission/UserRole', { userId, roleId: role.id });
      for (const name of ['系统管理', '岗位管理']) {
        const menus = await call('get', `/api/system/Menu?keyword=${encodeURIComponent(name)}&pageSize=50`);
        const menu = (menus.list as Array<{ id: string; name: string }>).find((m) => m.name === name)!;
        await call('post', '/api/permission/RolePermission', { roleId: role.id, permissionId: menu.id });
      }
    },
    /** Signs in with the password an administrator chose and replaces it, as the first sign-in asks. */
    async choosePassword(username: string, first: string, password: string): Promise<void> {
      const signIn = await (await request.post('/sys/login', { data: { username, password: first } })).json();
      await call('put', '/sys/user/updatePassword', { username, oldpassword: first, password, confirmpassword: password }, signIn.result.token);
    },
    /**
     * A user whose role holds a released designed screen (its menu under 在线开发 / 在线应用 and the given
     * buttons), signed in once to replace the first password, so the browser signs in straight to the menu.
     */
    async createScreenUser(modelId: string, actions: string[], password: string): Promise<string> {
      const username = `tester${Date.now().toString(36)}`;
      // a created user joins the creator's tenant in the same transaction (the users' tenancy hook)
      const user = await call('post', '/api/permission/Users', { username, realname: '测试员', password: `${password}x1` });
      const role = await call('post', '/api/permission/Role', { roleName: `屏幕${username.slice(-4)}`, roleCode: `screen.${username.slice(-6)}`, status: 1 });
      await call('post', '/api/permission/UserRole', { userId: user.id, roleId: role.id });
      const prefix = modelId.replace('.', ':');
      for (const permissionId of ['visualdev', 'visualdev.apps', modelId, ...actions.map((a) => `btn:${prefix}:${a}`)]) {
        await call('post', '/api/permission/RolePermission', { roleId: role.id, permissionId });
      }
      await this.choosePassword(username, `${password}x1`, password);
      return username;
    },
    async publish(values: Record<string, unknown>): Promise<string> {
      const created = await (
        await request.post('/sys/annountCement/add', { headers, data: { priority: 'H', msgCategory: '1', msgType: 'ALL', ...values } })
      ).json();
      expect(created.success, JSON.stringify(created)).toBe(true);
      const id = created.result.id as string;
      const published = await (await request.put(`/sys/annountCement/doReleaseData/${id}`, { headers })).json();
      expect(published.success, JSON.stringify(published)).toBe(true);
      return id;
    },
  };
}
