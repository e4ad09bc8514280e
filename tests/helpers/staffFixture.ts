/**
 * A staff member as POST /admin/user/add takes it, with every field spec 001 §5 requires (print and competence
 * tests need one real record); `images` fills the required image fields with one stored path.
 */
export function staffMemberBody(fields: {
  username: string;
  realname: string;
  workNo: string;
  departIds: string;
  post: string;
  images: string;
}): Record<string, unknown> {
  return {
    username: fields.username,
    realname: fields.realname,
    workNo: fields.workNo,
    sex: 1,
    idcard: '11010519900307123X',
    nation: '汉',
    idcardExpirationDate: '2035-01-01',
    nativePlace: '北京',
    idcardImgFront: fields.images,
    idcardImgBack: fields.images,
    phone: '13800138000',
    birthday: '1990-03-07',
    avatar: fields.images,
    signatureImg: fields.images,
    departIds: fields.departIds,
    post: fields.post,
    hiredate: '2020-01-01',
    startDate: '2020-02-01',
    highestEducation: '大学本科',
    highestTitle: '高级工程师',
    titleProfession: '检师',
    certificateName: '试验检测师',
    certificateNo: 'AB12345',
    certificateValidity: '2030-01-01',
  };
}
