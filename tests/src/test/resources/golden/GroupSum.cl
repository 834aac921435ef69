typedef struct This_s{
   __local float *tile;
   __global float *x;
   __global float *sums;
   int passid;
}This;
int get_pass_id(This *this){
   return this->passid;
}
__kernel void run(
   __local float *tile, 
   __global float *x, 
   __global float *sums, 
   int passid
){
   This thisStruct;
   This* this=&thisStruct;
   this->tile = tile;
   this->x = x;
   this->sums = sums;
   this->passid = passid;
   {
      int l = get_local_id(0);
      this->tile[l]  = this->x[get_global_id(0)];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int s = get_local_size(0) / 2; s>0; s = s / 2){
         if (l<s){
            this->tile[l]  = this->tile[l] + this->tile[(l + s)];
         }
         barrier(CLK_LOCAL_MEM_FENCE);
      }
      if (l==0){
         this->sums[get_group_id(0)]  = this->tile[0];
      }
      return;
   }
}
