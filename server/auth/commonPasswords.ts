/**
 * The most common passwords that would pass the letters-and-digits rule (lower-cased), compiled from
 * public leak lists and the usual Chinese patterns (woaini1314, qq123456, name + 123456). Passwords
 * made of digits only or letters only are already refused by the policy and are not repeated here.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'abc123', 'abc1234', 'abc12345', 'abc123456', 'abc123456789', 'abc123abc', 'abc888', 'abc520', 'abc000', 'abcd123',
  'abcd1234', 'abcd12345', 'abcd123456', 'abcd1111', 'abcde123', 'abcdef1', 'abcdef12', 'abcdef123', 'ab123456',
  'a123456', 'a1234567', 'a12345678', 'a123456789', 'a1b2c3', 'a1b2c3d4', 'a1s2d3f4', 'aa123456', 'aa112233', 'aaa111',
  'aaa123', 'aaa123456', 'aaaa1111', 'aaaa1234', 'a11111', 'a111111', 'a123123', 'a123321', 'a000000', 'a5201314',
  'a520520', 'a147258369', 'a1a1a1a1', '123abc', '123qwe', '123asd', '123456a', '1234567a', '12345678a', '123456789a',
  '123456aa', '123456abc', '123456q', '123456qq', '123456qwe', '123456asd', '1234abcd', '1234qwer', '12qwaszx',
  '111111a', '111111aa', '111aaa', '112233a', '123123a', '123123aa', '123321a', '147258369a', '1314520a', '5201314a',
  '1q2w3e', '1q2w3e4r', '1q2w3e4r5t', '1q2w3e4r5t6y', '1qaz2wsx', '1qaz2wsx3edc', '1qazxsw2', '1qaz1qaz', '2wsx3edc',
  'zaq12wsx', 'zaq1xsw2', 'zaq1zaq1', 'q1w2e3', 'q1w2e3r4', 'q1w2e3r4t5', 'q1q1q1q1', 'z1x2c3v4', 'qwe123', 'qwe1234',
  'qwe12345', 'qwe123456', 'qwe123qwe', 'qwer123', 'qwer1234', 'qwer12345', 'qwer2024', 'qwerty1', 'qwerty12',
  'qwerty123', 'qwerty1234', 'qwert123', 'qweasd123', 'qwaszx12', 'qazwsx123', 'qaz123', 'qaz12345', 'qaz123456',
  'zxc123', 'zxc123456', 'zxcvbn123', 'zxcv1234', 'asd123', 'asd123456', 'asd123asd', 'asdf123', 'asdf1234',
  'asdasd123', 'asdfgh123', 'password1', 'password12', 'password123', 'password2024', 'passw0rd', 'p4ssw0rd',
  'pass123', 'pass1234', 'pass2024', 'pa55word', 'admin1', 'admin12', 'admin123', 'admin1234', 'admin12345',
  'admin123456', 'admin888', 'admin666', 'admin001', 'admin2023', 'admin2024', 'admin2025', 'administrator1',
  'root123', 'root1234', 'root123456', 'test01', 'test001', 'test123', 'test1234', 'test123456', 'user001', 'user123',
  'user1234', 'guest123', 'welcome1', 'welcome123', 'letmein1', 'iloveyou1', 'iloveyou520', 'iloveyou1314',
  'monkey123', 'dragon123', 'master123', 'shadow123', 'sunshine1', 'princess1', 'football1', 'baseball1', 'superman1',
  'batman123', 'michael1', 'charlie1', 'jordan23', 'trustno1', 'hello1', 'hello123', 'hello1234', 'hello123456',
  'woaini1314', 'woaini520', 'woaini123', 'aini1314', 'love1314', 'wang123456', 'zhang123456', 'li123456', 'liu123456',
  'chen123456', 'yang123456', 'huang123456', 'zhao123456', 'qq123456', 'qq123123', 'qq5201314', 'w123456', 'wo123456',
  'z123456', 'x123456', 'q123456', 's123456', 'l123456', 'zz123456', 'xx123456', 'ww123456', 'cloudlab1',
  'cloudlab123', 'jeecg123', 'jeecgboot1', 'lab123456', 'system123', 'manager1', 'manager123', 'server123',
  'changeme1', 'default1', 'secret123', 'oracle123', 'mysql123', 'postgres1', 'sa123456',
]);
