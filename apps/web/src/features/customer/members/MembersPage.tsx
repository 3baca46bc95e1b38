/** 会员: placeholder until the page lands (the contract is being written). */
export default function MembersPage() {
  return null;
}
