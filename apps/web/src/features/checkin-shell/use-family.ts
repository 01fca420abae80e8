import { useQuery } from '@tanstack/react-query';
import { getChurchProfile } from '../../api/dashboard.ts';
import { familyKeys, getFamilyRoles, getMyFamily } from '../../api/family.ts';
import { getAllLookUps } from '../../api/lookups.ts';

/** The signed-in parent's family (GET /api/Family/family with the token). */
export function useMyFamily() {
  return useQuery({ queryKey: familyKeys.family(), queryFn: getMyFamily });
}

/** GET /getfamilyroles, kept for the session (the roles never change). */
export function useFamilyRoles() {
  return useQuery({ queryKey: familyKeys.roles(), queryFn: getFamilyRoles, staleTime: Infinity });
}

/** The 'Gender' lookups of GET /api/LookUp/GetAllLookUps: [{id, value}]. */
export function useGenders() {
  return useQuery({
    queryKey: familyKeys.genders(),
    queryFn: async () => (await getAllLookUps()).find((g) => g.type.toLowerCase() === 'gender')?.lookUps ?? [],
    staleTime: Infinity,
  });
}

/** The church's name and logo (GET /GetChurchProfileById?tenantId=). */
export function useChurch(tenantId: string) {
  return useQuery({
    queryKey: familyKeys.church(tenantId),
    queryFn: () => getChurchProfile(tenantId),
    staleTime: 10 * 60 * 1000,
  });
}
